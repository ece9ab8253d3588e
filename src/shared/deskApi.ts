/** Where the operations desk's API is served (src/server/desk) and called from (src/desk/deskApi.ts). */
export const DESK_API = '/desk/api';
