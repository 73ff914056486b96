export { MailService } from './mail.service';
