export { never, on, refuse, type Call } from './api-handlers';
