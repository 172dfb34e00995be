/**
 * The Node.js lines the forum runs on (package.json "engines", docs/decisions/0008): 20.19+
 * with better-sqlite3 12, and those with Node-API 10 (22.14+, 23.6+) with better-sqlite3 13.
 * Checked before any native module loads, so an unsupported Node gets a sentence instead of a
 * native crash.
 */
export const SUPPORTED_NODE = '^20.19.0 || ^22.14.0 || >=23.6.0';

/** Why this Node cannot run the forum, or null when it can. */
export function unsupportedNodeReason(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 14) || (major === 23 && minor >= 6) || major > 23;
  if (supported) return null;
  return `Code Commons needs Node.js ${SUPPORTED_NODE} (20.19 or newer on the 20 line, 22.14 or newer on the 22 line, 23.6 or newer otherwise); this is Node.js ${version}.`;
}

/** For the server and the tools, before they open a database: an unsupported Node stops here. */
export function exitOnUnsupportedNode(): void {
  const unsupported = unsupportedNodeReason();
  if (unsupported) {
    console.error(unsupported);
    process.exit(1);
  }
}
