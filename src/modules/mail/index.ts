export { MailService } from './mail.service';
export { unsubscribeHeaders, type OutgoingMail, type MailAttachment } from './mail.service';
