import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/** react-admin's search box with a translated placeholder (SearchInput passes its placeholder as is). */
export function SearchFilterInput({ placeholder = 'ra.action.search', ...props }: SearchInputProps) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate(placeholder)} sx={{ minWidth: 240 }} />;
}
