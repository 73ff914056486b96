/** True when running as an installed app (PWA standalone window or iOS home-screen app). */
export function isInstalledApp(win: Window = window): boolean {
  const standaloneDisplay =
    typeof win.matchMedia === 'function' &&
    (win.matchMedia('(display-mode: standalone)').matches || win.matchMedia('(display-mode: fullscreen)').matches);
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standaloneDisplay || iosStandalone;
}
