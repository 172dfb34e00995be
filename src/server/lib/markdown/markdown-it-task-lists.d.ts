// markdown-it-task-lists ships no types: a markdown-it plugin with its three options.
declare module 'markdown-it-task-lists' {
  import type { PluginWithOptions } from 'markdown-it';

  const taskLists: PluginWithOptions<{ enabled?: boolean; label?: boolean; labelAfter?: boolean }>;
  export default taskLists;
}
