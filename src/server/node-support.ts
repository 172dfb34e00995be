/**
 * The Node.js lines the forum runs on (package.json "engines", docs/decisions/0008): 20.19+
 * with better-sqlite3 12, and 22.14+ (Node-API 10) with better-sqlite3 13. Checked before any
 * native module loads, so an unsupported Node gets a sentence instead of a native crash.
 */
export const SUPPORTED_NODE = '^20.19.0 || >=22.14.0';

/** Why this Node cannot run the forum, or null when it can. */
export function unsupportedNodeReason(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 14) || major > 22;
  if (supported) return null;
  return `Code Commons needs Node.js ${SUPPORTED_NODE} (20.19 or newer on the 20 line, 22.14 or newer otherwise); this is Node.js ${version}.`;
}
