import { CreateButton, FilterButton, TopToolbar } from 'react-admin';

/** A list's toolbar: add a filter, create a record. */
export function FilterCreateActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  );
}
