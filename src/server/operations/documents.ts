/* The documents operations (being built). */
export const documents = {};
