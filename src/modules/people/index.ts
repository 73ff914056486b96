export { PeopleService } from './people.service';
