/* The chat operations (being built). */
export const chat = {};
