/** Texts of the sign-in, sign-up and password screens. */
export const auth = {
  errorTitles: { emailRequired: 'Email required', passwordTooShort: 'Password too short' },
};
