/** What the server tells people when a request succeeded. */
export const notices = {
  forgotPassword: "If an account with that email exists, we've sent password reset instructions.",
};
