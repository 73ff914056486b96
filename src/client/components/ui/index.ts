/**
 * Reelty UI kit: small, typed, Tailwind-styled building blocks with dark mode.
 * Import from '@/components/ui'.
 *
 * - Button        <Button variant="primary|secondary|ghost|danger" size="sm|md|lg" loading={form.processing} fullWidth>
 * - ButtonLink    an Inertia <Link> styled as a Button (same variant/size props)
 * - Input         <Input invalid={!!error} ... />   (all <input> props, `ref` supported)
 * - Label         <Label htmlFor="x" required>
 * - FieldError    <FieldError message={form.errors.email} />   (nothing when empty)
 * - FormField     label + control + hint + error wired with ids/aria:
 *                   <FormField label="Email" name="email" error={form.errors.email}>
 *                     <Input type="email" value={form.data.email} onChange={e => form.setData('email', e.target.value)} />
 *                   </FormField>
 *                 (or a render function: {(control) => <Input {...control} />})
 * - TextField     FormField + Input in one: <TextField label="Name" name="name" value=... onChange=... error=... />
 * - TextArea, TextAreaField   the multi-line counterparts: <TextAreaField label="Bio" rows={4} {...form.field('bio')} />
 * - Card          <Card title="Profile" description="..." actions={<Button/>} footer={<Button/>}>
 * - Checkbox      <Checkbox label="Remember me" checked=... onChange=... />
 * - SelectField   FormField + Select: <SelectField label="Who can read" options={...} {...form.field('visibility')} />
 * - FileField     FormField + a file chooser: <FileField label="Signed form" name="file" accept=... onFile={setFile} error=... />
 * - Select        <Select options={[{ value, label }]} placeholder="Choose…" invalid={...} />
 * - Alert         <Alert variant="info|success|warning|error" title="...">text</Alert>
 * - Spinner       <Spinner size="sm|md|lg" label="Loading" />
 * - EmptyState    <EmptyState title="No chats yet" description="..." icon={...} action={<ButtonLink/>} />
 * - DataTable   <DataTable rows={rows} rowKey={(r) => r.id} columns={[{ header: 'Cost', cell: (r) => usd(r.cost), numeric: true }]} />
 *                 (inside <Card padded={false}>; scrolls sideways below minWidth="min-w-[40rem]")
 * - DividedList <DividedList items={rows} empty={<EmptyState title="Nothing yet" />} aria-label=...>{(r) => <li key={r.id}>...</li>}</DividedList>
 *                 (a `divide-y divide-line` list, or its empty state when there are no items)
 * - LinkCard      <LinkCard href=... title=... badge={<CardBadge>Broadcast</CardBadge>} description=... meta=... />
 *                 (an <li> that is one link to a thing's page, for card grids and lists)
 * - MenuButton    <MenuButton button={<Avatar/>} buttonClassName=... menuClassName="right-0 w-60">{(close) => items}</MenuButton>
 *                 (a button opening a menu; rows styled with `menuItemClasses` call `close` when chosen)
 * - TabLink       <TabLink href=... active={tab === 'history'}>History</TabLink> (underlined tabs over sections)
 * - FilterLink    <FilterLink href=... active={state === 'open'} compact>Open</FilterLink> (filled filter choices)
 * - BackLink      <BackLink href={channelPaths.index}>Channels</BackLink> (the "← Channels" link over a heading)
 * - Pagination    <Pagination currentPage={2} lastPage={9} hrefFor={(p) => `/listings?page=${p}`} />
 *                 (or onPageChange={(p) => ...} for client-side paging; `of={page}` takes a Page<T>'s
 *                 current_page/last_page; nothing renders for a single page)
 *
 * Layouts (src/client/layouts) are applied by page name in app.tsx:
 * `Auth/*` → AuthLayout, `Settings/*` → AppLayout + SettingsLayout, everything else → AppLayout.
 * A page can pass props to its default layout(s): `Login.layout = { heading: 'Log in', intro: '...' }`,
 * or choose another one: `MyPage.layout = AuthLayout` (layout components must be `function`
 * declarations, not arrow functions: Inertia treats arrow functions as layout callbacks).
 */
export { Alert, type AlertProps, type AlertVariant } from './Alert';
export { BackLink } from './BackLink';
export {
  Button,
  ButtonLink,
  buttonClasses,
  type ButtonProps,
  type ButtonLinkProps,
  type ButtonVariant,
  type ButtonSize,
} from './Button';
export { Card, type CardProps } from './Card';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { DataTable, type DataColumn, type DataTableProps } from './DataTable';
export { DividedList, type DividedListProps } from './DividedList';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { FieldError, type FieldErrorProps } from './FieldError';
export {
  FileField,
  FormField,
  TextField,
  TextAreaField,
  SelectField,
  type FileFieldProps,
  type FormFieldProps,
  type TextFieldProps,
  type TextAreaFieldProps,
  type SelectFieldProps,
  type FieldControlProps,
} from './FormField';
export { Input, type InputProps } from './Input';
export { Label, type LabelProps } from './Label';
export { CardBadge, LinkCard } from './LinkCard';
export { MenuButton, menuItemClasses, type MenuButtonProps } from './MenuButton';
export { Pagination, type PaginationProps } from './Pagination';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { pageWindow } from './pagination-window';
export { Select, type SelectOption, type SelectProps } from './Select';
export { Spinner, type SpinnerProps } from './Spinner';
export { FilterLink, TabLink } from './TabLink';
export { TextArea, type TextAreaProps } from './TextArea';
