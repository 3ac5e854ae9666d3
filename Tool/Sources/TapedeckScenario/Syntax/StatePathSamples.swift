/// Messages that fill every part of the client state once, so the path checker knows the keys
/// inside arrays and optional objects. Their values do not matter.
enum StatePathSamples {
    static let messages: [String] = [
        #"""
        {"type":"playerObject","message":{"date":"2025-06-01","status":"playing","season":"summer","hourOfDay":9,
         "minuteOfHour":15,"gameSpeed":50,
         "person":{"id":"p1","name":"A","lastName":"B","sex":"female","age":24,"birthday":"2001-03-14","image":"i",
           "status":"alive","mood":"happy","energy":80,"money":1250,"diamonds":12,"affinity":1,"prestige":35,
           "happiness":72,"health":90,"intelligence":64,"bio":"b","compatibilityScore":1,"currentEducation":"U",
           "interests":["music"],"traits":["curious"]},
         "r":[{"id":"p2","name":"S","lastName":"C","sex":"male","age":25,"birthday":"2000-01-01","image":"i",
           "status":"alive","mood":"m","energy":1,"money":1,"diamonds":1,"affinity":64,"prestige":1,"happiness":1,
           "health":1,"intelligence":1,"bio":"b","compatibilityScore":78,"currentEducation":"c",
           "interests":["x"],"traits":["y"]},
           {"id":"p3","name":"F"},{"id":"p4","name":"G"}],
         "relData":[{"personId":"p2","kind":"romantic","status":"dating","affinity":64,"milestones":["met"]},
           {"personId":"p3","kind":"family","status":"parent","affinity":1},
           {"personId":"p4","kind":"friend","status":"friend","affinity":1}],
         "activities":[{"id":"a1","name":"CS","kind":"occupation","energyCost":10,"moneyCost":0}],
         "activityRecords":[{"id":"a1","performance":82,"achievements":["x"],"gpa":3.7,"major":"m","minor":"n"}],
         "habits":[{"id":"h1","name":"Smoking","status":"quitting","quitDays":12}],
         "focuses":[{"id":"f1","name":"Study","selected":true}],
         "storeItems":[{"id":"i1","name":"Flowers","price":40,"currency":"money"}],
         "inventory":[{"id":"i1","name":"Flowers","price":40,"currency":"money","quantity":2}],
         "occupations":[{"id":"o1","name":"Barista","salary":24000}],
         "inAppPurchases":[{"productId":"diamond1","diamonds":100,"price":"$0.99"}],
         "activeConversations":[{"id":"c1","personId":"p2","messages":[{"id":"m1","sender":"p2","text":"t","sentiment":0.6}]}]}}
        """#,
        #"""
        {"type":"u","message":{"location":"home"}}
        """#,
        #"""
        {"type":"messageEvent","message":{"id":"e1","message":"m","type":"finance","date":"2025-06-01","hour":14,
         "energyCost":5,"moneyCost":1,"diamondCost":1,"affinityChange":1,"characters":[{"id":"p2","name":"S","image":"i"}]}}
        """#,
        #"""
        {"type":"questionEvent","message":{"id":"q1","question":"q","options":[{"id":"o1","text":"t","energyCost":1,
         "moneyCost":1,"diamondCost":1}],"characters":[{"id":"p2","name":"S","image":"i"}],"date":"2025-06-01","hour":20}}
        """#,
        #"""
        {"type":"error","message":{"kind":"serverError","message":"m"}}
        """#,
    ]
}
