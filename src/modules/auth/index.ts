export { CurrentUser, GuestOnly, Public, Roles, Verified } from './auth.decorators';
