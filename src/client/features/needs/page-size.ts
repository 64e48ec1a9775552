/** Items on the dashboard's first page of "Needs you". */
export const NEEDS_PAGE = 10;
