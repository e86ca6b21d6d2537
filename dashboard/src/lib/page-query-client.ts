import { createQueryClient } from './query-client.ts';

/**
 * The page's one query client. Its own module, free of the theme and the app: main.tsx starts the
 * first screen's queries on it as soon as the start-up knows the user, while the app's code loads.
 */
export const queryClient = createQueryClient();
