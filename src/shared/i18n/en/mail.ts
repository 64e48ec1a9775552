/** Emails, subject and body, in the recipient's language. */
export const mail = {
  buttonFallback: 'If the button does not work, copy this address into your browser:',
  verify: {
    subject: 'Verify your email for {{appName}}',
    heading: 'Welcome to {{appName}}, {{firstName}}!',
    body: 'Please confirm your email address so your communities can reach you.',
    expiry: 'This link works once and expires in 24 hours.',
    button: 'Verify my email',
  },
  reset: {
    subject: 'Reset your {{appName}} password',
    heading: 'Reset your {{appName}} password',
    body: 'Hello {{firstName}}, someone (hopefully you) asked to reset the password of this account.',
    expiry: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    button: 'Choose a new password',
  },
  signUpAttempt: {
    subject: 'Someone tried to sign up to {{appName}} with your address',
    heading: 'You already have an account',
    body: 'Hello {{firstName}}, someone just tried to create a new {{appName}} account with this email address. It already belongs to your account, so no new account was created and nothing about yours has changed.',
    ifYou: 'If it was you, sign in with your usual password. Forgot it? Choose a new one from “Forgot password?” on the sign-in page.',
    ifNotYou: 'If it was not you, you can ignore this email: nobody can use your account without your password.',
    button: 'Sign in',
  },
  secondFactorReset: {
    subject: 'Two-step verification was turned off on your {{appName}} account',
    heading: 'Two-step verification is off',
    body: 'Hello {{firstName}}, a {{appName}} administrator has turned off two-step verification on your account, as is done when its owner has lost both the authenticator app and the recovery codes. You now sign in with your password alone, and every device you were signed in on was signed out.',
    again: 'We recommend turning it on again from your profile once you are signed in.',
    ifNotYou: 'If you did not ask for this, choose a new password at once (“Forgot password?” on the sign-in page) and tell the site’s staff.',
    button: 'Sign in',
  },
  signInFailures: {
    subject: 'Failed sign-ins on your account',
    body: 'Someone has tried to sign in to your account with a wrong password {{count}} times in the last 15 minutes. Your account is not locked and you can sign in as usual. If this was not you, choose a new, strong password.',
  },
};
