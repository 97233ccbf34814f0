/** Name truncations of spec sections 2 and 9, one function per rule. */

/** Header user name: longer than 4 characters -> first 3 plus an ellipsis. */
export function shortUserName(name: string): string {
  return name.length > 4 ? `${name.slice(0, 3)}...` : name;
}
