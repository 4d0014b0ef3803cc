declare const __XBORDER_VERSION__: string;

/** The package version, inlined at build time so `--version` loads nothing else. */
export const VERSION: string = typeof __XBORDER_VERSION__ === 'string' ? __XBORDER_VERSION__ : '0.0.0-dev';
