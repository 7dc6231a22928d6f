export { AppLayout } from './AppLayout'
