import type { LanguageFn } from 'highlight.js';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * The languages fenced code is highlighted in: the common ones of a tech forum, not all 190 of
 * highlight.js (each costs memory at start). A fence naming another language is plain code.
 * [name, grammar, extra aliases beyond the grammar's own].
 */
export const HIGHLIGHT_LANGUAGES: ReadonlyArray<readonly [string, LanguageFn, string[]]> = [
  ['typescript', typescript, []],
  ['javascript', javascript, []],
  ['python', python, []],
  ['go', go, []],
  ['rust', rust, []],
  ['java', java, []],
  ['c', c, []],
  ['cpp', cpp, []],
  ['csharp', csharp, []],
  ['ruby', ruby, []],
  ['php', php, []],
  ['sql', sql, []],
  ['bash', bash, []],
  ['shell', shell, []],
  ['json', json, []],
  ['yaml', yaml, []],
  ['ini', ini, ['toml']],
  ['xml', xml, []],
  ['css', css, []],
  ['diff', diff, []],
  ['dockerfile', dockerfile, []],
  ['kotlin', kotlin, []],
  ['swift', swift, []],
];
