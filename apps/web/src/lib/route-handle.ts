/** What a route says about itself to the shell (title, tab, cache), set in app/'s route table. */
export interface RouteMeta {
  title?: string;
  /** Role names that may open the route; absent means open to every role (access is menu-driven). */
  roles?: string[];
  /** Not kept alive when its tab is hidden. */
  noCache?: boolean;
  /** A tab that cannot be closed. */
  affix?: boolean;
}

/** What a matched route carries for the shell: its meta and, for tabbed routes, its name. */
export interface RouteHandle extends RouteMeta {
  name?: string;
}
