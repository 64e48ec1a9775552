/** The documents texts in English. */
export const documents = {
  title: 'Documents',
};
