export { MailService } from './mail.service';
export { unsubscribeHeaders, type OutgoingMail } from './mail.service';
