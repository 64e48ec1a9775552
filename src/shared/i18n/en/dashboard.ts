/** Texts of the dashboard area. */
export const dashboard = {};
