import { assert, describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import { isMenuActive, menu, visibleMenu } from './menu';

describe('sidebar menu', () => {
  it('has the entries and labels of spec 1 §2.2 in order', () => {
    expect(menu.map((e) => e.label)).toEqual([
      'Dashboard',
      'CRM',
      'Voorraad',
      'Voormeldingen',
      'Leveringen',
      'Reparatie overzicht',
      'EOL overzicht',
      'Gebruikersbeheer',
      'Rollen en rechten',
      'Instellingen',
    ]);
  });
  it('shows everything to a user with all rights', () => {
    expect(visibleMenu(allPermissions)).toHaveLength(10);
  });
  it('shows only the entries without a permission to a user without rights', () => {
    expect(visibleMenu([]).map((e) => e.label)).toEqual(['EOL overzicht', 'Instellingen']);
  });
  it('needs the named right per entry', () => {
    expect(visibleMenu(['Levering bekijken']).map((e) => e.label)).toEqual([
      'Leveringen',
      'Reparatie overzicht',
      'EOL overzicht',
      'Instellingen',
    ]);
    expect(visibleMenu(['Rol bekijken']).map((e) => e.route)).toContain('rolesRights');
  });
  it('is active on its own route and on its detail routes', () => {
    const stock = menu.find((e) => e.route === 'stock');
    const dashboard = menu.find((e) => e.route === 'dashboard');
    assert.exists(stock);
    assert.exists(dashboard);
    expect(isMenuActive(stock, 'stock')).toBe(true);
    expect(isMenuActive(stock, 'itemDetail')).toBe(true);
    expect(isMenuActive(stock, 'bundleDetail')).toBe(false);
    expect(isMenuActive(dashboard, 'customerDetail')).toBe(true);
    expect(isMenuActive(stock, undefined)).toBe(false);
  });
});
