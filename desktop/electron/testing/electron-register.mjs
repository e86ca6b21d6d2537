import { register } from 'node:module';

register('./electron-hooks.mjs', import.meta.url);
