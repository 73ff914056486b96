import { Controller, Get, Param } from '@nestjs/common';
import { Inertia } from '../inertia';
import { Public } from '../auth';
import { CurrentUser } from '../auth';
import { User, toAuthUser } from '../users';
import { NotFoundException } from '@nestjs/common';

const LEGAL_PAGES: Record<string, string> = {
  terms: 'Legal/Terms',
  privacy: 'Legal/Privacy',
  cookie: 'Legal/Cookie',
  data: 'Legal/Data',
  'acceptable-use': 'Legal/AcceptableUse',
};

/** Pages that are not part of any one feature: the landing page, legal texts, the dashboard. */
@Controller()
export class SiteController {
  @Get()
  @Public()
  welcome() {
    return Inertia.render('Welcome');
  }

  @Get('legal/:page')
  @Public()
  legal(@Param('page') page: string) {
    const component = LEGAL_PAGES[page];
    if (!component) throw new NotFoundException('There is no such legal page.');
    return Inertia.render(component);
  }

  @Get('install')
  @Public()
  install() {
    return Inertia.render('PwaInstall');
  }

  @Get('dashboard')
  dashboard(@CurrentUser() user: User) {
    return Inertia.render('Dashboard', { user: toAuthUser(user) });
  }
}
