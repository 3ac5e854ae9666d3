import TapedeckCore
import TapedeckProtocol

/// Builds a new life for `createCharacter` and `restart`: the player from the request, two parents,
/// a best friend, school, a part-time job, a club, two habits and the store.
struct WorldBuilder {
    var rng: SeededGenerator
    var ids: IdSource

    mutating func build(from request: CreateCharacter) -> GameWorld {
        let interests = request.interests.isEmpty ? rng.pick(3, of: NamePool.interests) : request.interests
        var player = makePerson(
            name: request.name, lastName: request.lastName, sex: request.sex,
            age: GameRules.startAge, interests: interests)
        player.status = "student"
        player.currentEducation = "High School"
        player.energy = GameRules.startEnergy
        player.money = GameRules.startMoney
        player.diamonds = GameRules.startDiamonds

        let mother = makePerson(
            name: rng.pick(NamePool.femaleNames), lastName: request.lastName, sex: "female",
            age: rng.next(in: 42...55), interests: rng.pick(2, of: NamePool.interests))
        let father = makePerson(
            name: rng.pick(NamePool.maleNames), lastName: request.lastName, sex: "male",
            age: rng.next(in: 44...58), interests: rng.pick(2, of: NamePool.interests))
        let friendSex = rng.chance(50) ? "female" : "male"
        let friend = makePerson(
            name: rng.pick(friendSex == "female" ? NamePool.femaleNames : NamePool.maleNames),
            lastName: rng.pick(NamePool.lastNames), sex: friendSex, age: GameRules.startAge + rng.next(in: -1...1),
            interests: rng.pick(3, of: NamePool.interests))

        var people = [mother, father, friend]
        let relationships = [
            Relationship(personId: mother.id, kind: .family, status: "mother", affinity: rng.next(in: 60...90)),
            Relationship(personId: father.id, kind: .family, status: "father", affinity: rng.next(in: 55...90)),
            Relationship(
                personId: friend.id, kind: .friend, status: "best friend", affinity: rng.next(in: 65...95),
                milestones: ["met"]),
        ]
        for index in people.indices {
            people[index].affinity = relationships[index].affinity
            people[index].status = relationships[index].status
        }

        let job = StoreCatalog.occupations[0]
        let club = StoreCatalog.extracurriculars[0]
        let activities = [
            Activity(id: "high-school", name: "High School (Senior Year)", kind: .highSchool, energyCost: 2),
            Activity(id: job.id, name: job.name, kind: .occupation, energyCost: 3),
            club,
        ]
        let records = [
            ActivityRecord(
                id: "high-school", performance: rng.next(in: 55...90), achievements: ["Honor Roll"],
                gpa: Double(rng.next(in: 28...39)) / 10, major: "Science"),
            ActivityRecord(
                id: "elementary-school", performance: rng.next(in: 60...95),
                achievements: ["Spelling Bee Finalist"]),
            ActivityRecord(id: job.id, performance: rng.next(in: 50...80)),
            ActivityRecord(id: club.id, performance: rng.next(in: 40...85), achievements: ["Regional Tournament"]),
        ]
        let habits = [
            Habit(id: "late-night-snacking", name: "Late-night snacking", status: .active),
            Habit(id: "doomscrolling", name: "Doomscrolling", status: .active),
        ]
        let focuses = StoreCatalog.focuses.map { FocusOption(id: $0.id, name: $0.name, selected: $0.id == "study") }
        return GameWorld(
            player: player, people: people, relationships: relationships, activities: activities,
            activityRecords: records, habits: habits, focuses: focuses,
            gameMinutes: GameRules.startHour * 60)
    }

    /// A person with seeded stats; `age` decides the birthday's year so the age is right on the start date.
    mutating func makePerson(name: String, lastName: String, sex: String, age: Int, interests: [String]) -> Person {
        let start = GameRules.startDate
        let month = rng.next(in: 1...12)
        let day = rng.next(in: 1...28)
        let hadBirthday = (month, day) <= (start.month, start.day)
        let birthday = CivilDate(year: start.year - age - (hadBirthday ? 0 : 1), month: month, day: day)
        let id = ids.next("person")
        return Person(
            id: id, name: name, lastName: lastName, sex: sex, age: age, birthday: birthday.iso,
            image: "\(GameRules.imageBase)/avatars/\(sex)-\(rng.next(in: 1...24)).png", mood: "content",
            prestige: rng.next(in: 10...90), happiness: rng.next(in: 50...85), health: rng.next(in: 60...100),
            intelligence: rng.next(in: 40...90), bio: rng.pick(NamePool.bios), interests: interests,
            traits: rng.pick(2, of: NamePool.traits))
    }
}
