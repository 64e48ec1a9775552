/** The chat texts in English. */
export const chat = {
  title: 'Chat',
};
