import { v7 } from 'uuid';

/** Time-ordered, unguessable ids (UUIDv7) for every row the app creates. */
export const newId = (): string => v7();

export const nowIso = (): string => new Date().toISOString();
