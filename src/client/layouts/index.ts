export { AppLayout, type AppLayoutProps } from './AppLayout';
export { AuthLayout, type AuthLayoutProps } from './AuthLayout';
export { SettingsLayout, settingsNav, type SettingsLayoutProps } from './SettingsLayout';
export { defaultLayoutFor } from './resolve-layout';
export { AdminLayout } from './AdminLayout';
