import { useEffect, useState } from 'react';
import type { ChannelPresenceMember } from '@/api/channels';
import { channelLive } from '@/api/channels';
import { useEcho } from '@/echo';

/**
 * Who has the channel open right now: presence-community-channel.{id} (authorised for its readers; user_info is
 * id and name). Leaves only the presence channel on unmount, so the page's private message feed stays subscribed.
 */
export function useChannelPresence(channelId: string, enabled: boolean): ChannelPresenceMember[] {
  const echo = useEcho();
  const [here, setHere] = useState<ChannelPresenceMember[]>([]);
  useEffect(() => {
    setHere([]);
    if (!echo || !enabled) return;
    const name = channelLive.channel(channelId);
    echo
      .join(name)
      .here((members: ChannelPresenceMember[]) => setHere(members))
      .joining((m: ChannelPresenceMember) => setHere((list) => [...list.filter((x) => x.id !== m.id), m]))
      .leaving((m: ChannelPresenceMember) => setHere((list) => list.filter((x) => x.id !== m.id)));
    return () => {
      echo.leaveChannel(`presence-${name}`);
    };
  }, [echo, channelId, enabled]);
  return here;
}
