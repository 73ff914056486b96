const NAMESPACE = 'App\\Events\\';

/**
 * The name put on the wire, following Laravel Echo's formatter:
 * - custom names ('design.progress') are sent as given; clients listen with a leading dot;
 * - class-style names ('DesignGenerated', 'App.Events.DesignGenerated') become
 *   'App\\Events\\DesignGenerated', which Echo's listen('DesignGenerated') expects.
 */
export function wireEventName(event: string): string {
  if (event.startsWith('App.Events.')) return NAMESPACE + event.slice('App.Events.'.length).replace(/\./g, '\\');
  if (event.startsWith(NAMESPACE)) return event;
  if (/^[A-Z][A-Za-z0-9]*$/.test(event)) return NAMESPACE + event;
  return event;
}
