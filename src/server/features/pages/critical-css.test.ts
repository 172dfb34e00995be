import { describe, expect, it } from 'vitest';
import { classesOf, criticalStylesheet, requiredClasses } from './critical-css.ts';

describe('requiredClasses', () => {
  it('reads escaped class names, as Tailwind writes them', () => {
    expect(requiredClasses('.sm\\:text-base')).toEqual(['sm:text-base']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\[\\&_mark\\]\\:px-0\\.5 mark')).toEqual(['[&_mark]:px-0.5']);
    expect(requiredClasses('.\\32 xl\\:block')).toEqual(['2xl:block']);
  });

  it('asks for every class outside parentheses and brackets, none inside', () => {
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(requiredClasses('.space-y-3>:not(:last-child)')).toEqual(['space-y-3']);
    expect(requiredClasses('.dark\\:bg-x:where([data-theme=dark],[data-theme=dark] *)')).toEqual(['dark:bg-x']);
    expect(requiredClasses('.a:is(.b, .c)')).toEqual(['a']);
    expect(requiredClasses('[data-x=".y"] .z')).toEqual(['z']);
    expect(requiredClasses(':root')).toEqual([]);
    expect(requiredClasses('html, body')).toEqual([]);
  });
});

describe('classesOf', () => {
  it('collects the class attributes of markup', () => {
    expect([...classesOf('<div class="a  b"><p class="sm:text-base b">x</p><i class="">y</i></div>')]).toEqual([
      'a',
      'b',
      'sm:text-base',
    ]);
  });
});

const CSS = [
  ':root{--animate-spin:spin 1s linear infinite}',
  '*,:before{box-sizing:border-box}',
  '@layer utilities{.used{color:red}.unused{color:blue}.sm\\:used{margin:0}.used.also-unused{padding:0}}',
  '@media (min-width:40rem){.sm\\:used{margin:1px}.unused{margin:2px}}',
  '@media (min-width:64rem){.unused{margin:3px}}',
  '.animate-spin{animation:var(--animate-spin)}',
  '.toast{animation-name:bounce}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@keyframes bounce{from{opacity:0}}',
  '@property --tw-x{syntax:"*";inherits:false}',
  '[data-theme=dark]{--ink:#fff}',
].join('');

describe('criticalStylesheet', () => {
  const critical = criticalStylesheet(CSS);

  it('keeps the rules of the classes the markup uses, with every rule that needs no class', () => {
    const css = critical.forMarkup('<div class="used sm:used animate-spin"></div>');
    expect(css).toContain('.used{color:red}');
    expect(css).toContain('@media (min-width:40rem){.sm\\:used{margin:1px}}');
    expect(css).toContain(':root{--animate-spin:spin 1s linear infinite}');
    expect(css).toContain('*,:before{box-sizing:border-box}');
    expect(css).toContain('[data-theme=dark]{--ink:#fff}');
    expect(css).toContain('@property --tw-x');
    // Kept: the keyframes a kept rule animates, here through a variable.
    expect(css).toContain('@keyframes spin');
  });

  it('drops the rules of other classes, the blocks left empty and the keyframes nothing kept animates', () => {
    const css = critical.forMarkup('<div class="used"></div>');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('also-unused');
    expect(css).not.toContain('min-width:64rem');
    expect(css).not.toContain('.toast');
    expect(css).not.toContain('@keyframes bounce');
    // `spin` is named by the :root variable, which every page keeps.
    expect(css).toContain('@keyframes spin');
  });

  it('answers the same text for the same classes, in any order', () => {
    expect(critical.forMarkup('<a class="sm:used used"></a>')).toBe(critical.forMarkup('<b class="used"></b><i class="sm:used"></i>'));
  });
});
