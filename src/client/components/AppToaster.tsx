import { ToastContainer } from 'react-toastify';
import { useTheme } from '@/hooks/useTheme';
import { toastContainerProps } from '@/lib/toast';

/** The single toast container; its theme follows dark mode. */
export function AppToaster() {
  const { theme } = useTheme();
  return <ToastContainer {...toastContainerProps(theme)} />;
}
