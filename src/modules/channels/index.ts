/** What other modules may use: community channels and their messages. */
export { ChannelsService } from './channels.service';
export { ChannelMessagesService } from './channel-messages.service';
export { ChannelInvitationsService } from './channel-invitations.service';
export { CHANNEL_MESSAGE_KIND } from './channels.constants';
export type * from '../../contracts/channels';
