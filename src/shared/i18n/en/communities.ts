/** Texts of the communities area. */
export const communities = {};
