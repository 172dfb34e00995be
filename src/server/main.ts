// The process entry. The V8 heap is tuned before anything else is loaded (heap.ts), so the
// server itself (serve.ts) is imported only afterwards.
import { tuneHeap } from './heap.ts';

tuneHeap();
await import('./serve.ts');
