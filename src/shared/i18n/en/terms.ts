/** The Terms of Service: 16 sections and a contact section, in plain words. */
export const terms = {
  title: 'Terms of Service',
  sections: {
    provider: {
      title: 'Who we are and what these terms cover',
      body: 'These terms govern your use of this Harambee platform, run by the organisation that hosts it (the provider). By creating an account or using the service you agree to them.',
    },
    account: {
      title: 'Your account',
      body: 'You must give accurate details, keep your password to yourself and tell us promptly if you think someone else has used your account. You are responsible for what happens under your account.',
    },
    eligibility: {
      title: 'Eligibility',
      body: 'You must be old enough to enter a binding agreement where you live, or use the service with the consent of a parent or guardian.',
    },
    communities: {
      title: 'Communities and their leaders',
      body: 'Communities are run by their creators and administrators, who decide who may join and what is published. The provider hosts communities but does not run them.',
    },
    content: {
      title: 'Content you publish',
      body: 'You keep ownership of what you post. You allow us to store, display and share it with the audience you choose so the service can work. Do not post content that is unlawful, hateful, misleading or that infringes the rights of others.',
    },
    acceptableUse: {
      title: 'Acceptable use',
      body: 'Do not disrupt the service, probe it for weaknesses, scrape it, send spam, impersonate others or use it to harass anyone. We may suspend accounts that do.',
    },
    communications: {
      title: 'Email and phone communications',
      body: 'We send service messages such as verification and password emails. With your consent, communities and the provider may also reach you by email, text message or phone about events, dues and news; you can opt out of campaigns at any time.',
    },
    analytics: {
      title: 'Analytics',
      body: 'We measure how the service is used, in aggregate, to improve it. We do not sell your personal data.',
    },
    privacy: {
      title: 'Privacy',
      body: 'How we collect, use and protect personal data is explained in our privacy notice. Contact details you give a community are visible only to its members.',
    },
    payments: {
      title: 'Payments and savings circles',
      body: 'Where payment features are offered, payments between members, contributions to savings circles and dues are processed by third-party payment providers under their own terms. The provider is not a bank and does not hold your money.',
    },
    fees: {
      title: 'Fees',
      body: 'Using the core service is free unless the provider tells you otherwise in advance. Payment providers may charge their own fees.',
    },
    refunds: {
      title: 'Refunds',
      body: 'Contributions and dues are governed by the rules of the community that collects them. Refund requests for a payment made through the service go first to that community; where a payment provider is involved, its refund rules also apply.',
    },
    availability: {
      title: 'Availability and changes',
      body: 'We work to keep the service available but cannot promise it will never be interrupted. We may change or retire features, and will give notice of significant changes.',
    },
    ending: {
      title: 'Ending your use',
      body: 'You may stop using the service and ask us to delete your account at any time. We may suspend or close accounts that break these terms.',
    },
    liability: {
      title: 'Liability',
      body: 'The service is provided as it is. To the extent the law allows, the provider is not liable for indirect losses, or for disputes between members or communities.',
    },
    changes: {
      title: 'Changes to these terms',
      body: 'We may update these terms. When we do, we will show the new date and, for significant changes, tell you before they apply.',
    },
  },
  contact: 'Contact',
  questions: 'Questions about these terms:',
  noEmail: 'write to the support address of this site.',
  understand: 'I Understand',
  closeLabel: 'Close terms',
};
