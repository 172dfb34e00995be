// The part of the app's stylesheet a server-rendered page needs for its first paint (ADR 0015).
//
// The whole stylesheet styles every screen of the app; inline in a rendered page, about half of
// it was rules for classes the page does not use, parsed before the first paint all the same.
// A rule is kept when every class its selector names outside parentheses is in the page's
// markup (a class inside `:not()`, `:where()` or `:is()` is not required); rules without a
// class (`:root`, elements, `[data-theme=dark]`) are always kept, and so is every at-rule but
// the keyframes no kept rule animates. That keeps a little more than the page uses, never less
// for what the markup holds. The full stylesheet follows after the first paint (main.tsx).
import postcss, { type AtRule, type Root, type Rule } from 'postcss';

/** The class names a selector requires of an element, with CSS escapes undone. */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < selector.length) {
    const c = selector[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '(' || c === '[') {
      depth += 1;
      i += 1;
    } else if (c === ')' || c === ']') {
      depth -= 1;
      i += 1;
    } else if (c === '"' || c === "'") {
      const end = selector.indexOf(c, i + 1);
      i = end < 0 ? selector.length : end + 1;
    } else if (c === '.' && depth === 0) {
      const [name, next] = readIdentifier(selector, i + 1);
      if (name) classes.push(name);
      i = next;
    } else {
      i += 1;
    }
  }
  return classes;
}

const IDENTIFIER_CHAR = /[\w-]/;
const HEX_ESCAPE = /^([0-9a-fA-F]{1,6})[ \t\n]?/;

function readIdentifier(selector: string, from: number): [string, number] {
  let name = '';
  let j = from;
  while (j < selector.length) {
    const d = selector[j] as string;
    if (d === '\\') {
      const hex = HEX_ESCAPE.exec(selector.slice(j + 1));
      if (hex?.[1]) {
        name += String.fromCodePoint(Number.parseInt(hex[1], 16));
        j += 1 + hex[0].length;
      } else {
        name += selector[j + 1] ?? '';
        j += 2;
      }
    } else if (IDENTIFIER_CHAR.test(d) || d.charCodeAt(0) > 0x7f) {
      name += d;
      j += 1;
    } else {
      break;
    }
  }
  return [name, j];
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** The classes markup uses (React writes `class="…"`, space-separated). */
export function classesOf(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const isKeyframes = (node: AtRule) => /(^|-)keyframes$/i.test(node.name);
const inKeyframes = (rule: Rule) => rule.parent?.type === 'atrule' && isKeyframes(rule.parent as AtRule);

export interface CriticalStylesheet {
  /** The rules a page made of this markup needs; the same markup classes give the same text. */
  forMarkup(markup: string): string;
}

/** Kept per set of classes: a rendered page's set changes seldom (a badge, an empty list). */
const KEPT_SETS = 16;

export function criticalStylesheet(css: string): CriticalStylesheet {
  const root = postcss.parse(css);
  // What each selector list requires, worked out once: per selector, its classes.
  const required = new Map<string, string[][]>();
  root.walkRules((rule) => {
    if (!inKeyframes(rule) && !required.has(rule.selector)) required.set(rule.selector, rule.selectors.map(requiredClasses));
  });
  const kept = new Map<string, string>();

  const prune = (classes: Set<string>): string => {
    const copy = root.clone();
    const animated = new Set<string>();
    copy.walkRules((rule) => {
      if (inKeyframes(rule)) return;
      const selectors = required.get(rule.selector) ?? [];
      if (!selectors.some((names) => names.every((name) => classes.has(name)))) {
        rule.remove();
        return;
      }
      // An animation names its keyframes directly or through a variable (`--animate-spin: spin 1s …`).
      rule.walkDecls(/^(--|(-webkit-)?animation(-name)?$)/i, (decl) => {
        for (const word of decl.value.split(/[\s,]+/)) animated.add(word);
      });
    });
    copy.walkAtRules((atRule) => {
      if (isKeyframes(atRule) && !animated.has(atRule.params.trim())) atRule.remove();
    });
    removeEmptyBlocks(copy);
    return copy.toString();
  };

  return {
    forMarkup(markup) {
      const classes = classesOf(markup);
      const key = [...classes].sort().join(' ');
      let text = kept.get(key);
      if (text === undefined) {
        text = prune(classes);
        if (kept.size >= KEPT_SETS) kept.delete(kept.keys().next().value as string);
        kept.set(key, text);
      }
      return text;
    },
  };
}

/** @media, @supports and @layer blocks left with nothing in them (a statement `@layer a, b;` stays). */
function removeEmptyBlocks(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}
