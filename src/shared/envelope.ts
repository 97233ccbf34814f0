/**
 * The HTTP contract of DESIGN.md, shared by the server (which produces it) and the browser (which reads it).
 * Plain TypeScript, no imports: both sides may depend on it.
 */

/** Every JSON response body. `data` and `item` are where the spec says a result sits. */
export interface Envelope<TData = unknown, TItem = unknown> {
  msgCode: number;
  errMsg: string;
  data?: TData;
  item?: TItem;
}

/** The error codes of DESIGN.md, by meaning. Negative codes are errors; 0 is success. */
export const MsgCode = {
  ok: 0,
  loginFailed: -1,
  tokenExpired: -10005,
  sessionInvalid: -10014,
  mustChangePassword: -16001,
  invalidInput: -400,
  notLoggedIn: -401,
  forbidden: -403,
  notFound: -404,
  conflict: -409,
  tooManyAttempts: -429,
  internal: -500,
} as const;
export type MsgCodeValue = (typeof MsgCode)[keyof typeof MsgCode];

/** One schema validation failure, as carried in `data.errors` of a -400 response. */
export interface FieldError {
  /** The property path, dot-separated (`username`, `companylMessageVo.unitName`); empty for the whole body. */
  field: string;
  message: string;
}

/** `POST /api/login` and `POST /api/token/refresh` answer with this in `data`. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** `GET /api/pub/keys`. */
export interface PublicKeys {
  rsaPublicKey: string;
  sm2PublicKey: string;
}

/** `GET /api/user/getCurrentUser` answers with this in `data` (spec section 3, user info). */
export interface CurrentUser {
  id: string;
  name: string;
  loginName: string;
  mobile: string;
  roles: { id: string; name: string; enname: string }[];
  office: { id: string; name: string };
  skinType: string;
}

/** The base config of spec section 3, in `item.newest` of its detail call. */
export interface BaseConfig {
  name: string;
  titleLogo: string;
  projectLogo: string;
  version: string;
  support: string;
  defaultMenu: string;
}

/** A menu record of spec section 3 as the server sends it (tree in `childList`). */
/** Why a path is not in a user's menu tree (Menus.routeStatus). */
export interface RouteStatus {
  /** projectType: the menu is for other project types; notGranted: the roles lack it; unknown: no such menu. */
  state: 'projectType' | 'notGranted' | 'unknown';
  menuName: string;
  /** The project types the menu is for ([]: every type). */
  projectTypes: string[];
}

export interface MenuRecord {
  id: string;
  name: string;
  parentId: string;
  parentIds: string;
  sort: number;
  childList: MenuRecord[];
  href: string;
  vueRoute: string;
  vueRouteAlias: string;
  target: string;
  icon: string;
  highlightIcon: string;
  isShow: string;
  permission: string;
  thirdPartyUrl: string;
  specialLogo: string;
  iconColor: string;
  titleColor: string;
  remarks: string;
  clickFlag: string;
  flag: string;
}
