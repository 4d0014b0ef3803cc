/** The page of one check: what `xborder checks ID` prints and docs/checks/ID.md holds. */
export interface CheckPage {
  /** Why the platform cares: what goes wrong for shoppers, the platform or the merchant when it fails. */
  why: string;
  /** A failing answer (or request and answer), as xborder would see it. */
  failing: string;
  /** The same exchange, fixed. */
  fixed: string;
  /** The usual fix on the merchant's side (or the user's, for the offline checks). */
  fix: string;
}
