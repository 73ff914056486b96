/** Wire shapes of the account settings pages. Type-only. */

/** A saved address as the Settings/Addresses page shows it. */
export interface Address {
  id: string;
  label: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
  isDefault: boolean;
}

/** An external account linked to the user (Settings/ConnectedAccounts). */
export interface ConnectedAccount {
  id: string;
  provider: string;
  displayName: string | null;
  connectedAt: string;
}
