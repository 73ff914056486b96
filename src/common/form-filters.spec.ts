import { formFilters } from './form-filters';

describe('formFilters', () => {
  it('echoes the named values and fills the absent ones with an empty string', () => {
    const query = { q: 'oak', status: undefined, page: 3 };
    expect(formFilters(query, ['q', 'status'])).toEqual({ q: 'oak', status: '' });
  });

  it('keeps an empty value and leaves out the keys it was not asked for', () => {
    const filters = formFilters({ q: '', sort: 'price' } as Record<string, string | undefined>, ['q', 'from']);
    expect(filters).toEqual({ q: '', from: '' });
    expect(Object.keys(filters)).toEqual(['q', 'from']);
  });
});
