/** Texts of the communitySettings area. */
export const communitySettings = {};
