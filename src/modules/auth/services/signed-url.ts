/** Moved to src/common: signed links are used beyond auth (tax-form links, invitations). */
export * from '../../../common/signed-url';
