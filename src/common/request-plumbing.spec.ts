import { NotFoundException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { PageQueryDto } from './page-query.dto';
import { UuidPipe } from './uuid.pipe';

describe('UuidPipe', () => {
  const pipe = new UuidPipe();
  it.each(['nope', '', '1', '00000000-0000-0000-0000-000000000000x', '%00', 'a\u0000b'])('answers 404 for %j', (id) => {
    expect(() => pipe.transform(id)).toThrow(NotFoundException);
  });
  it('passes a uuid through, lower-cased', () => {
    expect(pipe.transform('0B6F3C1E-8D2A-4C5B-9E7F-1A2B3C4D5E6F')).toBe('0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f');
  });
});

describe('PageQueryDto', () => {
  const check = async (query: Record<string, string>) => {
    const dto = plainToInstance(PageQueryDto, query);
    return { errors: (await validate(dto)).map((e) => e.property), window: dto.window(20) };
  };
  it('defaults to the first page of the list size', async () => {
    expect(await check({})).toEqual({ errors: [], window: { page: 1, perPage: 20, offset: 0 } });
  });
  it('computes the offset of a page', async () => {
    expect((await check({ page: '3', per_page: '50' })).window).toEqual({ page: 3, perPage: 50, offset: 100 });
  });
  it.each([['99999999999999999999'], ['0'], ['-1'], ['abc'], ['1.5']])('refuses page=%s', async (page) => {
    expect((await check({ page })).errors).toEqual(['page']);
  });
  it('refuses a page size above the cap', async () => {
    expect((await check({ per_page: '1000' })).errors).toEqual(['per_page']);
  });
});
