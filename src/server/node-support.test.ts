import { describe, expect, it } from 'vitest';
import { unsupportedNodeReason } from './node-support.ts';

describe('unsupportedNodeReason', () => {
  it('accepts the supported lines', () => {
    for (const version of ['20.19.0', '20.20.2', '22.14.0', '22.22.1', '23.6.0', '23.11.0', '24.12.0', '26.0.0']) {
      expect(unsupportedNodeReason(version)).toBeNull();
    }
  });

  it('refuses older releases and says which one it is', () => {
    for (const version of ['18.20.4', '20.18.3', '21.7.3', '22.13.1', '23.5.0']) {
      expect(unsupportedNodeReason(version)).toContain(`this is Node.js ${version}`);
    }
  });

  it('accepts the Node running the tests', () => {
    expect(unsupportedNodeReason()).toBeNull();
  });
});
