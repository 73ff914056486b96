import { AdminLayout } from './AdminLayout';
import { AppLayout } from './AppLayout';
import { AuthLayout } from './AuthLayout';
import { SettingsLayout } from './SettingsLayout';

/**
 * Default (persistent) layout by page name, used when a page does not export
 * its own `layout`. Arrays nest outer → inner.
 */
export function defaultLayoutFor(pageName: string) {
  if (pageName.startsWith('Auth/')) return AuthLayout;
  if (pageName.startsWith('Settings/')) return [AppLayout, SettingsLayout];
  if (pageName.startsWith('Admin/') || pageName.startsWith('Metrics/')) return [AppLayout, AdminLayout];
  return AppLayout;
}
