import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource: string = require('fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and answers its violations. */
export default class AxeBuilder {
  constructor(private readonly page: Page) {}
  async analyze(): Promise<Violation[]> {
    // Evaluated through the driver, so the page's Content-Security-Policy does not apply.
    await this.page.evaluate(axeSource);
    return this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run();
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      }));
    });
  }
}
