/** What the server tells people when a request succeeded. */
export const notices = {
  /** The name of the account every community's books start with. */
  cashBox: 'Cash box',
  forgotPassword: "If an account with that email exists, we've sent password reset instructions.",
  signUp: 'Check your email to continue: we have sent you a message.',
};
