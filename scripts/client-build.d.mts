export const CLIENT_BUILD: string;
/** True when there is a client build and nothing it is built from changed after it. */
export function clientBuildIsFresh(root?: string): boolean;
